import { Popup } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { fetchFavorites, networkKeys } from '../api.ts';

type Props = { visible: boolean; onClose: () => void; onPick: (userid: string) => void };

/** The member's bookmarked nodes; picking one shows the tree from there. */
export function FavoritesPopup({ visible, onClose, onPick }: Props) {
  const { t } = useTranslation('network');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="network-popup"
      bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
    >
      <div className="network-popup-head">
        <h2>
          <StarFill aria-hidden /> {t('favorites.title')}
        </h2>
        <button type="button" className="link-button" onClick={onClose} data-testid="tree-favorites-close">
          {t('close')}
        </button>
      </div>
      <PagedList
        queryKey={networkKeys.favorites}
        fetchPage={fetchFavorites}
        itemKey={(f) => f.userid}
        testId="tree-favorites"
        empty={<EmptyBlock text={t('favorites.empty')} testId="tree-favorites-none" />}
        renderItem={(f) => (
          <button
            type="button"
            className="network-search-result"
            onClick={() => {
              onClose();
              onPick(f.userid);
            }}
            data-testid={`tree-favorite-${f.userid}`}
          >
            <strong>{f.userid}</strong>
            <span>
              {t(`ranks.${f.rank}`)} · {f.leg === 'L' ? t('left') : t('right')} ·{' '}
              {t('levelN', { level: f.depth })} · {formatDate(f.joined)}
            </span>
          </button>
        )}
      />
    </Popup>
  );
}
