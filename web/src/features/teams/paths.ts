/** Address of the settings section 'Benutzergruppen'. */
export const TEAM_LIST_PATH = '/einstellungen/benutzergruppen';

/** Address of the editor for a new group. */
export const NEW_TEAM_PATH = `${TEAM_LIST_PATH}/neu`;

/** Address of the permission editor of one group. */
export function teamEditPath(id: string): string {
  return `${TEAM_LIST_PATH}/${id}`;
}
