/**
 * Routes of the users screens (SPEC.md §2 lists /list-user and /user): the list is /list-user; one
 * route, /user, holds registration (`?mode=new`), the details page (`?user_id=<id>`) and its edit
 * form (`?user_id=<id>&mode=edit`), so links stay valid whatever characters a user ID holds.
 */
export const LIST_HREF = '/list-user';
export const REGISTER_HREF = '/user?mode=new';
export const userHref = (userId: string, edit = false): string =>
  `/user?${new URLSearchParams(edit ? { user_id: userId, mode: 'edit' } : { user_id: userId }).toString()}`;

export type UserPageView = { kind: 'register' } | { kind: 'detail'; userId: string; edit: boolean } | { kind: 'none' };

/** Which screen a /user URL shows. */
export function userPageView(params: URLSearchParams): UserPageView {
  const mode = params.get('mode');
  const userId = params.get('user_id');
  if (userId) return { kind: 'detail', userId, edit: mode === 'edit' };
  if (mode === 'new') return { kind: 'register' };
  return { kind: 'none' };
}
