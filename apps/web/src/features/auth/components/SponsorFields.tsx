import { signupSave } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Space } from 'antd-mobile';
import type { AppForm } from '../../../lib/validate.ts';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { zodRule } from '../../../lib/validate.ts';
import { placementCheckQuery, sponsorCheckQuery } from '../api.ts';
import { CheckResult } from './CheckResult.tsx';

function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Sponsor and placement IDs, checked as they are typed, and the side picker showing which sides are free. */
export function SponsorFields({ form }: { form: AppForm }) {
  const { t } = useTranslation('auth');
  const shape = signupSave.request.shape;
  const sponsor = useDebounced(trimmed(Form.useWatch('sponsor_id', form)));
  const placement = useDebounced(trimmed(Form.useWatch('placement_id', form)));
  const sponsorCheck = useQuery(sponsorCheckQuery(sponsor));
  const placementCheck = useQuery(placementCheckQuery(sponsor, placement));
  const sides = placementCheck.data;
  const sideLabel = (side: 'L' | 'R', free: boolean | undefined) => {
    const name = side === 'L' ? t('register.left') : t('register.right');
    if (free === undefined) return name;
    return `${name} (${free ? t('register.sideFree') : t('register.sideTaken')})`;
  };

  return (
    <>
      <Form.Item
        required
        name="sponsor_id"
        label={t('fields.sponsorId')}
        rules={[zodRule(shape.sponsor_id, 'sponsor_id')]}
        description={
          <CheckResult
            testId="register-sponsor-result"
            checking={sponsorCheck.isFetching}
            ok={sponsorCheck.data ? t('register.sponsorFound', sponsorCheck.data) : undefined}
            error={sponsorCheck.error}
          />
        }
      >
        <Input
          id="register-sponsor"
          data-testid="register-sponsor"
          placeholder={t('fields.sponsorPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="placement_id"
        label={t('fields.placementId')}
        description={
          <CheckResult
            testId="register-placement-result"
            checking={placementCheck.isFetching}
            ok={sides ? t('register.placementFound', { userid: sides.userid }) : undefined}
            error={placementCheck.error}
          />
        }
      >
        <Input
          id="register-placement"
          data-testid="register-placement"
          placeholder={t('fields.placementPlaceholder')}
        />
      </Form.Item>
      <Form.Item required name="side" label={t('fields.side')} rules={[zodRule(shape.side, 'side')]}>
        <Radio.Group>
          <Space>
            <Radio value="L" disabled={sides?.left_free === false} data-testid="register-side-L">
              {sideLabel('L', sides?.left_free)}
            </Radio>
            <Radio value="R" disabled={sides?.right_free === false} data-testid="register-side-R">
              {sideLabel('R', sides?.right_free)}
            </Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
    </>
  );
}
