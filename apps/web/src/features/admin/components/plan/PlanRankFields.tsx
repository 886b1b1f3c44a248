import { BONUS_TYPES, BONUS_WALLETS, QUALIFYING_RANKS, RANKS } from '@mp/contract/web';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RULE_FIELDS } from '../../planForm.ts';
import { ChoiceChips } from '../ChoiceChips.tsx';
import { PlanTextField } from './PlanTextField.tsx';

/** The most pairing bonus a member of each rank earns per day. */
export function CapFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      {RANKS.map((rank) => (
        <PlanTextField
          key={rank}
          path={['daily_cap', rank]}
          label={t(`ranks.${rank}`)}
          unit="USDT"
          help={rank === 'Fans' ? t('plan.help.daily_cap') : undefined}
        />
      ))}
    </>
  );
}

/** The thresholds of each rank above Fans, as a table (errors listed under it, naming rank and column). */
export function RankRulesField() {
  const { t } = useTranslation('admin');
  return (
    <Form.Item
      label={t('plan.fields.rank_rules')}
      description={<span className="field-hint">{t('plan.help.rank_rules')}</span>}
    >
      <table className="plan-rank-table" data-testid="plan-rank-rules">
        <thead>
          <tr>
            <th scope="col">{t('plan.rule.rank')}</th>
            {RULE_FIELDS.map((f) => (
              <th key={f} scope="col">
                {t(`plan.rule.${f}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {QUALIFYING_RANKS.map((rank, i) => (
            <tr key={rank} data-testid={`plan-rank-rule-${rank}`}>
              <th scope="row">{t(`ranks.${rank}`)}</th>
              {RULE_FIELDS.map((f) => (
                <td key={f}>
                  <PlanTextField
                    bare
                    path={['rank_rules', i, f]}
                    unit={f === 'direct_sponsors' ? '' : 'USDT'}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Form.Item>
  );
}

/** The wallet each bonus type is paid into. */
export function WalletFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      {BONUS_TYPES.map((type) => (
        <Form.Item key={type} name={['wallets', type]} label={t(`bonusTypes.${type}`)}>
          <ChoiceChips
            options={BONUS_WALLETS.map((w) => ({ key: w, label: t(`common:wallets.${w}`) }))}
            label={t(`bonusTypes.${type}`)}
            testId={`plan-wallets-${type}`}
          />
        </Form.Item>
      ))}
    </>
  );
}
