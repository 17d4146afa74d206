/** Who sends a command: the signed-in user (admins manage every link). */
export interface Actor {
  id: string;
  isAdmin: boolean;
}
