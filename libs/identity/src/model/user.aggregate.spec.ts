import { AppError } from '@app/contracts';
import { User } from './user.aggregate.js';
import { USER_APPROVED, USER_DELETED, USER_REGISTERED, type UserEvent } from './user.events.js';

const at = new Date('2026-01-02T03:04:05.000Z');
const registered = (isAdmin = false): UserEvent => ({
  type: USER_REGISTERED,
  data: { userId: 'u1', username: 'jane', passwordHash: '$argon2id$x', isAdmin, at: at.toISOString() },
});
const approved: UserEvent = { type: USER_APPROVED, data: { userId: 'u1', at: at.toISOString(), by: 'admin' } };
const deleted: UserEvent = { type: USER_DELETED, data: { userId: 'u1', at: at.toISOString(), by: 'admin', reason: 'deleted' } };

const given = (...events: UserEvent[]) => User.fromEvents(events)!;
const status = (fn: () => void): number | undefined => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.statusCode : -1;
  }
  return undefined;
};

describe('User aggregate', () => {
  it('register raises user-registered with every field, pending approval', () => {
    const user = User.register({ userId: 'u1', username: 'jane', passwordHash: '$argon2id$x', isAdmin: false, at });
    expect(user.takePending()).toEqual([registered()]);
    expect(user.isApproved).toBe(false);
    expect(user.version).toBe(0);
  });

  it('an empty stream is no user', () => {
    expect(User.fromEvents([])).toBeNull();
  });

  it('approve on a pending user raises user-approved with the admin', () => {
    const user = given(registered());
    user.approve('admin', at);
    expect(user.takePending()).toEqual([approved]);
    expect(user.version).toBe(1);
  });

  it('approve twice raises nothing the second time', () => {
    const user = given(registered(), approved);
    user.approve('admin', at);
    expect(user.takePending()).toEqual([]);
  });

  it('delete of a pending user is a rejection', () => {
    const user = given(registered());
    user.delete('admin', at);
    expect(user.takePending()).toEqual([{ type: USER_DELETED, data: { userId: 'u1', at: at.toISOString(), by: 'admin', reason: 'rejected' } }]);
  });

  it('delete of an approved user is a deletion', () => {
    const user = given(registered(), approved);
    user.delete('admin', at);
    expect(user.takePending()).toEqual([deleted]);
  });

  it('admins cannot be deleted (403) and nobody deletes themself (403)', () => {
    expect(status(() => given(registered(true), approved).delete('other-admin', at))).toBe(403);
    expect(status(() => given(registered(), approved).delete('u1', at))).toBe(403);
  });

  it('a deleted user is gone: approve and delete give 404', () => {
    expect(status(() => given(registered(), approved, deleted).approve('admin', at))).toBe(404);
    expect(status(() => given(registered(), deleted).delete('admin', at))).toBe(404);
  });

  it("one's own deletion: by the user; an admin only when another admin is left (400); once", () => {
    const user = given(registered(), approved);
    user.deleteOwn(at, false);
    expect(user.takePending()).toEqual([{ type: USER_DELETED, data: { userId: 'u1', at: at.toISOString(), by: 'u1', reason: 'deleted' } }]);
    expect(status(() => given(registered(true), approved).deleteOwn(at, false))).toBe(400);
    expect(status(() => given(registered(true), approved).deleteOwn(at, true))).toBeUndefined();
    expect(status(() => given(registered(), deleted).deleteOwn(at, true))).toBe(404);
  });

  it('admin groups at a sign-in: joined, an approved admin; left, not, unless the last admin; unchanged, nothing', () => {
    const user = given(registered());
    user.setAdminByGroups(true, at, true);
    expect(user.takePending().map((e) => e.type)).toEqual(['user-admin-granted', USER_APPROVED]);
    expect([user.isAdmin, user.isApproved]).toEqual([true, true]);
    user.setAdminByGroups(true, at, true);
    expect(user.takePending()).toEqual([]);
    user.setAdminByGroups(false, at, false);
    expect(user.takePending()).toEqual([]);
    expect(user.isAdmin).toBe(true);
    user.setAdminByGroups(false, at, true);
    expect(user.takePending()).toEqual([{ type: 'user-admin-revoked', data: { userId: 'u1', at: at.toISOString(), by: null } }]);
    expect(user.isAdmin).toBe(false);
  });
});
