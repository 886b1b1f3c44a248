import { WALLETS, WALLET_KINDS } from '@mp/contract/web';
import type { AssetCode, WalletKind } from '@mp/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';

export type WalletAsset = { wallet: WalletKind; asset: AssetCode };

/** The first asset a wallet holds: picking a wallet never leaves an asset it cannot hold. */
export function defaultAssetOf(wallet: WalletKind): AssetCode {
  return WALLETS[wallet][0];
}

type Props = { value: WalletAsset; onChange: (next: WalletAsset) => void; testId: string };

/** A wallet, then one of the assets that wallet holds (the contract's WALLETS): only valid pairs. */
export function WalletAssetPicker({ value, onChange, testId }: Props) {
  const { t } = useTranslation('admin');
  const assets: readonly AssetCode[] = WALLETS[value.wallet];
  return (
    <>
      <Form.Item label={t('adjust.wallet')}>
        <FilterChips
          options={WALLET_KINDS.map((w) => ({ key: w, label: t(`common:wallets.${w}`) }))}
          value={value.wallet}
          onChange={(wallet) => onChange({ wallet, asset: defaultAssetOf(wallet) })}
          label={t('adjust.wallet')}
          testId={`${testId}-wallet`}
        />
      </Form.Item>
      <Form.Item label={t('adjust.asset')}>
        <FilterChips
          options={assets.map((a) => ({ key: a, label: a }))}
          value={value.asset}
          onChange={(asset) => onChange({ ...value, asset })}
          label={t('adjust.asset')}
          testId={`${testId}-asset`}
        />
      </Form.Item>
    </>
  );
}
