import { useQuery } from '@tanstack/react-query';
import { Button, List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { formatDate } from '../../../lib/format.ts';
import { memberQuery } from '../api.ts';
import { treePathOf } from '../paths.ts';

/** Where one downline member sits (sponsor, placement, side, levels) and their legs; shown over the list. */
export function MemberPopup({ userid, onClose }: { userid: string; onClose: () => void }) {
  const { t } = useTranslation('network');
  const navigate = useNavigate();
  const member = useQuery(memberQuery(userid));
  const m = member.data;
  const side = (s: string) => (s === 'L' ? t('left') : s === 'R' ? t('right') : '-');
  return (
    <Popup
      visible={userid !== ''}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="network-popup"
      bodyStyle={{ maxHeight: '75vh', overflowY: 'auto' }}
    >
      <div className="network-popup-head">
        <h2 data-testid="member-popup-userid">{userid}</h2>
        <button type="button" className="link-button" onClick={onClose} data-testid="member-popup-close">
          {t('close')}
        </button>
      </div>
      {member.isPending ? <LoadingBlock testId="member-popup-loading" /> : null}
      {member.isError ? (
        <p className="page-section field-error" data-testid="member-popup-error">
          {member.error.message}
        </p>
      ) : null}
      {m ? (
        <div data-testid="member-popup">
          <List>
            <List.Item extra={t(`ranks.${m.rank}`)}>{t('member.rank')}</List.Item>
            <List.Item extra={formatDate(m.joined)}>{t('member.joined')}</List.Item>
            <List.Item extra={m.sponsor || '-'}>{t('member.sponsor')}</List.Item>
            <List.Item extra={<span data-testid="member-popup-placement">{m.placement || '-'}</span>}>
              {t('member.placement')}
            </List.Item>
            <List.Item extra={side(m.side)}>{t('member.side')}</List.Item>
            <List.Item extra={m.sponsor_level >= 0 ? m.sponsor_level : '-'}>{t('member.level')}</List.Item>
            <List.Item extra={m.depth >= 0 ? m.depth : '-'}>{t('member.depth')}</List.Item>
            <List.Item extra={`${m.left_count} / ${m.right_count}`}>{t('member.legCounts')}</List.Item>
          </List>
          {m.depth >= 0 ? (
            <div className="form-actions">
              <Button
                block
                color="primary"
                onClick={() => navigate(treePathOf(m.userid))}
                data-testid="member-popup-tree"
              >
                {t('member.viewInTree')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}
