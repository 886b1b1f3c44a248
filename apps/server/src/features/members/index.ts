/** The members area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The login and transaction password rule (sign-up, reset, an admin's new password). */
export { checkNewPassword, signUp } from './signup.ts';
/** A member's contact: where their codes go, the masked name others see, a new member's contact checks. */
export { maskName, memberDestination, signupContact } from './contact.ts';
/** Where a new member is placed in the tree and who sponsors them. */
export { checkPlacement, requireSponsor } from './placement.ts';
/** Credential changes confirmed with the login password, told to the member (withdrawal addresses, two-factor). */
export { addressChange, changeTotp, confirmWithPassword, noticeToMember } from './account.ts';
export { recordChange } from './security-change.ts';
