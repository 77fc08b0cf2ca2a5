/** Address of the settings section 'Benutzer'. */
export const USER_LIST_PATH = '/einstellungen/benutzer';

/** Address of the form for a new user. */
export const NEW_USER_PATH = `${USER_LIST_PATH}/neu`;

/** Address of the form of one user. */
export function userEditPath(id: string): string {
  return `${USER_LIST_PATH}/${id}`;
}

/** Router state handed to the form: the list's query (search, sort, page) to return to. */
export interface UserListState {
  from: string;
}
