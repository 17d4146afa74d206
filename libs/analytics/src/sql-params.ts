/** The one positional-parameter collector lives in the database lib (the links list builds its SQL with it too). */
export { SqlParams } from '@app/database';
