import { ConcurrencyError, type EventMetadata, type EventStore } from '@app/event-store';
import { Workspace } from './workspace.aggregate.js';
import { WORKSPACE_STREAM, type WorkspaceEvent } from './workspace.events.js';
import { workspaceStreamId } from './workspace-stream.js';
import { WorkspaceErrors } from './workspaces.errors.js';

/** A workspace's stream; 404 when it does not exist (or was deleted). */
export async function loadWorkspace(store: EventStore, workspaceId: string): Promise<Workspace> {
  const history = await store.load(workspaceStreamId(workspaceId));
  const ws = Workspace.fromEvents(history.map((e) => ({ type: e.type, data: e.data }) as WorkspaceEvent));
  if (!ws) throw WorkspaceErrors.notFound();
  return ws;
}

/** The append of a workspace's new events (for `appendMany` with another stream, e.g. a new account). */
export const workspaceAppend = (ws: Workspace, metadata: EventMetadata) => ({
  streamType: WORKSPACE_STREAM,
  streamId: workspaceStreamId(ws.id),
  expectedVersion: ws.version,
  events: ws.takePending(),
  metadata: { ...metadata, workspaceId: ws.id },
});

/** Appends the workspace's new events; a lost race is 409. */
export async function saveWorkspace(store: EventStore, ws: Workspace, metadata: EventMetadata): Promise<void> {
  const a = workspaceAppend(ws, metadata);
  try {
    await store.append(a.streamType, a.streamId, a.expectedVersion, a.events, a.metadata);
    ws.version += a.events.length;
  } catch (err) {
    if (err instanceof ConcurrencyError) throw WorkspaceErrors.changedMeanwhile();
    throw err;
  }
}
