import { Grid } from 'antd-mobile';
import {
  AppstoreOutline,
  BankcardOutline,
  BillOutline,
  CollectMoneyOutline,
  ContentOutline,
  GiftOutline,
  HistogramOutline,
  LinkOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  SendOutline,
  SetOutline,
  SmileOutline,
  StarOutline,
  ShopbagOutline,
  TeamOutline,
  TextOutline,
  TruckOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
  UserSetOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type Area = { key: string; path: string; icon: ReactNode };

/** An entry to every area of the product, each at its spec route. */
export const AREAS: Area[] = [
  { key: 'mining', path: '/pages/Mining/AssetIncome', icon: <AppstoreOutline /> },
  { key: 'wallet', path: '/pages/Wallet/Wallet', icon: <BankcardOutline /> },
  { key: 'deposit', path: '/pages/Wallet/menuTOPUP', icon: <ReceivePaymentOutline /> },
  { key: 'withdraw', path: '/pages/Wallet/menuWithdraw', icon: <PayCircleOutline /> },
  { key: 'transfer', path: '/pages/Wallet/CurrencyOther?type=transfer', icon: <SendOutline /> },
  { key: 'exchange', path: '/pages/Wallet/CurrencyOther?type=exchange', icon: <CollectMoneyOutline /> },
  { key: 'airdrop', path: '/pages/Wallet/CurrencyOther?type=airdrop', icon: <GiftOutline /> },
  { key: 'records', path: '/pages/Wallet/Other_History', icon: <UnorderedListOutline /> },
  { key: 'bonus', path: '/pages/Wallet/bonus', icon: <StarOutline /> },
  { key: 'market', path: '/pages/home/Trade', icon: <HistogramOutline /> },
  { key: 'shop', path: '/pages/shop/shop', icon: <ShopbagOutline /> },
  { key: 'inventory', path: '/pages/Inventory/Inventory', icon: <TruckOutline /> },
  { key: 'trade', path: '/pages/trade/trademain', icon: <LinkOutline /> },
  { key: 'bots', path: '/pages/trade/Botlist', icon: <SetOutline /> },
  { key: 'team', path: '/pages/personal/MyTeam2', icon: <TeamOutline /> },
  { key: 'tree', path: '/pages/personal/tree', icon: <UserSetOutline /> },
  { key: 'invite', path: '/pages/personal/InviteFriend', icon: <UserAddOutline /> },
  { key: 'kyc', path: '/pages/home/NameVerification', icon: <UserContactOutline /> },
  { key: 'news', path: '/pages/home/HomegetAllNews', icon: <ContentOutline /> },
  { key: 'help', path: '/pages/home/HelpCenter', icon: <QuestionCircleOutline /> },
  { key: 'guide', path: '/pages/home/BeginnersGuide', icon: <TextOutline /> },
  { key: 'training', path: '/pages/home/TrainingDetails', icon: <BillOutline /> },
  { key: 'video', path: '/pages/home/video', icon: <VideoOutline /> },
  { key: 'game', path: '/pages/Game/game', icon: <SmileOutline /> },
  { key: 'service', path: '/pages/personal/CustomerService', icon: <MessageOutline /> },
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
