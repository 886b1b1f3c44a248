/** Our routes of the mining area beyond the spec's three (AssetIncome, IncomeHistory, IncomeHistory2). */
export const MINING_PATHS = {
  income: '/pages/Mining/AssetIncome',
  incomeByDay: '/pages/Mining/IncomeHistory',
  incomeRecords: '/pages/Mining/IncomeHistory2',
  packages: '/pages/Mining/packages',
  package: '/pages/Mining/package',
  orders: '/pages/Mining/orders',
  vouchers: '/pages/Mining/vouchers',
  admin: '/pages/admin/mining',
  kyc: '/pages/home/NameVerification',
} as const;

export const packagePath = (id: string) => `${MINING_PATHS.package}?id=${encodeURIComponent(id)}`;
