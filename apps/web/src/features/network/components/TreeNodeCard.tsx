import type { TreeNode } from '@mp/contract';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { CutFigure } from '../../../components/Money.tsx';
import { decimalsOf, formatMoney } from '../../../lib/money.ts';
import { formatVolume, VOLUME_ASSET } from '../volume.ts';
import { LegsTable } from './LegsTable.tsx';

type Props = {
  node: TreeNode;
  /** The node the view starts from: it carries the favourite star instead of being a link. */
  focused: boolean;
  onOpen: (userid: string) => void;
  onToggleFavorite?: () => void;
  favoriteBusy?: boolean;
};

/**
 * A leg's volume or balance in cents (the card's heading names the asset). Cut, it carries the exact figure as its
 * title; on the member's own card a tap shows it (another member's card is a button that opens theirs).
 */
function LegFigure({ value }: { value: string }) {
  const shown = formatVolume(value);
  const full = formatMoney(value, { decimals: decimalsOf(VOLUME_ASSET) });
  if (shown === full) return shown;
  return <CutFigure className="tree-figure" value={value} shown={shown} full={full} />;
}

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
          left: <LegFigure value={node.left_volume} />,
          right: <LegFigure value={node.right_volume} />,
        },
        {
          key: 'balance',
          label: t('card.balance'),
          left: <LegFigure value={node.left_balance} />,
          right: <LegFigure value={node.right_balance} />,
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
