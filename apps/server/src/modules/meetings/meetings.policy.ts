import { ClassMessages } from '@teamup/contracts/class';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { forbidden } from '../../platform/errors/app-error';

/*
 * Who may do what with a meeting's notes: for a team's channel its members write, and in a class
 * its instructors and TAs read only (team-access.service.ts `assertTeamOverseeable`, logged); for
 * a workspace's channel every member of the workspace writes.
 */

/** Writing the notes or making cards from them: not for staff reading a team they are not in. */
export function assertMayWrite(canWrite: boolean): void {
  if (!canWrite) throw forbidden(ClassMessages.readOnly, ErrorCode.CLASS_READ_ONLY);
}
