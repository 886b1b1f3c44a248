import { Grid } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/Icon.tsx';

type Area = { key: string; path: string; icon: ReactNode };

/** An entry to every area of the product, each at its spec route. */
export const AREAS: Area[] = [
  { key: 'mining', path: '/pages/Mining/AssetIncome', icon: <Icon name="AppstoreOutline" /> },
  { key: 'wallet', path: '/pages/Wallet/Wallet', icon: <Icon name="BankcardOutline" /> },
  { key: 'deposit', path: '/pages/Wallet/menuTOPUP', icon: <Icon name="ReceivePaymentOutline" /> },
  { key: 'withdraw', path: '/pages/Wallet/menuWithdraw', icon: <Icon name="PayCircleOutline" /> },
  { key: 'transfer', path: '/pages/Wallet/CurrencyOther?type=transfer', icon: <Icon name="SendOutline" /> },
  {
    key: 'exchange',
    path: '/pages/Wallet/CurrencyOther?type=exchange',
    icon: <Icon name="CollectMoneyOutline" />,
  },
  { key: 'airdrop', path: '/pages/Wallet/CurrencyOther?type=airdrop', icon: <Icon name="GiftOutline" /> },
  { key: 'records', path: '/pages/Wallet/Other_History', icon: <Icon name="UnorderedListOutline" /> },
  { key: 'bonus', path: '/pages/Wallet/bonus', icon: <Icon name="StarOutline" /> },
  { key: 'market', path: '/pages/home/Trade', icon: <Icon name="HistogramOutline" /> },
  { key: 'shop', path: '/pages/shop/shop', icon: <Icon name="ShopbagOutline" /> },
  { key: 'inventory', path: '/pages/Inventory/Inventory', icon: <Icon name="TruckOutline" /> },
  { key: 'trade', path: '/pages/trade/trademain', icon: <Icon name="LinkOutline" /> },
  { key: 'bots', path: '/pages/trade/Botlist', icon: <Icon name="SetOutline" /> },
  { key: 'team', path: '/pages/personal/MyTeam2', icon: <Icon name="TeamOutline" /> },
  { key: 'tree', path: '/pages/personal/tree', icon: <Icon name="UserSetOutline" /> },
  { key: 'invite', path: '/pages/personal/InviteFriend', icon: <Icon name="UserAddOutline" /> },
  { key: 'kyc', path: '/pages/home/NameVerification', icon: <Icon name="UserContactOutline" /> },
  { key: 'news', path: '/pages/home/HomegetAllNews', icon: <Icon name="ContentOutline" /> },
  { key: 'help', path: '/pages/home/HelpCenter', icon: <Icon name="QuestionCircleOutline" /> },
  { key: 'guide', path: '/pages/home/BeginnersGuide', icon: <Icon name="TextOutline" /> },
  { key: 'training', path: '/pages/home/TrainingDetails', icon: <Icon name="BillOutline" /> },
  { key: 'video', path: '/pages/home/video', icon: <Icon name="VideoOutline" /> },
  { key: 'game', path: '/pages/Game/game', icon: <Icon name="SmileOutline" /> },
  { key: 'service', path: '/pages/personal/CustomerService', icon: <Icon name="MessageOutline" /> },
];

export function AreaGrid() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  return (
    <Grid columns={4} gap={4} className="home-grid" data-testid="home-grid">
      {AREAS.map((area) => (
        <Grid.Item key={area.key}>
          <button type="button" onClick={() => navigate(area.path)} data-testid={`home-area-${area.key}`}>
            <span className="grid-icon" aria-hidden="true">
              {area.icon}
            </span>
            <div>{t(`areas.${area.key}`)}</div>
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );
}
