import type { TreeNode } from '@mp/contract';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { formatVolume } from '../volume.ts';
import { LegsTable } from './LegsTable.tsx';

type Props = {
  node: TreeNode;
  /** The node the view starts from: it carries the favourite star instead of being a link. */
  focused: boolean;
  onOpen: (userid: string) => void;
  onToggleFavorite?: () => void;
  favoriteBusy?: boolean;
};

/** One member of the placement tree: who, rank, joined, and each leg's count, volume and balance. */
export function TreeNodeCard({ node, focused, onOpen, onToggleFavorite, favoriteBusy }: Props) {
  const { t } = useTranslation('network');
  const id = `tree-node-${node.userid}`;
  const legs = (
    <LegsTable
      className="tree-card-legs"
      testId={id}
      rows={[
        { key: 'count', label: t('card.count'), left: node.left_count, right: node.right_count },
        {
          key: 'volume',
          label: t('card.volume'),
          left: formatVolume(node.left_volume),
          right: formatVolume(node.right_volume),
        },
        {
          key: 'balance',
          label: t('card.balance'),
          left: formatVolume(node.left_balance),
          right: formatVolume(node.right_balance),
        },
      ]}
    />
  );
  const head = (
    <>
      <span className="tree-card-userid" data-testid={`${id}-userid`}>
        {node.userid}
      </span>
      <span className="tree-card-meta">
        <span className={`rank-tag rank-${node.rank}`}>{t(`ranks.${node.rank}`)}</span>
        {/* Shown where children are stacked (network.css), so their place is not lost. */}
        {node.side ? <span className="tree-card-side">{t(node.side === 'L' ? 'left' : 'right')}</span> : null}
        <span>{formatDate(node.joined)}</span>
      </span>
    </>
  );

  if (!focused) {
    return (
      <button
        type="button"
        className="tree-card"
        onClick={() => onOpen(node.userid)}
        aria-label={t('tree.openNode', { userid: node.userid })}
        data-testid={id}
        data-side={node.side}
      >
        {head}
        {legs}
      </button>
    );
  }
  return (
    <div className="tree-card tree-card-focused" data-testid={id} data-side={node.side} aria-current="true">
      <button
        type="button"
        className="tree-card-star"
        onClick={onToggleFavorite}
        disabled={favoriteBusy}
        aria-pressed={node.favorite}
        aria-label={node.favorite ? t('favorites.remove') : t('favorites.add')}
        data-testid="tree-favorite"
      >
        {node.favorite ? <StarFill /> : <StarOutline />}
      </button>
      {head}
      {legs}
    </div>
  );
}
