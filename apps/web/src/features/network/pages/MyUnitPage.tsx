import type { TreeNode } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { unitQuery } from '../api.ts';
import { NETWORK_PATHS, registerHere, treePathOf } from '../paths.ts';
import { indexTree, type Side } from '../tree.ts';
import { VOLUME_ASSET } from '../volume.ts';
import '../network.css';

/** A spot of the unit: a member, an empty place (with "register here"), or nothing under an empty place. */
type Spot = { node?: TreeNode; parent?: TreeNode; side: Side };

function UnitNode({ spot, sponsor, me }: { spot: Spot; sponsor: string; me?: boolean }) {
  const { t } = useTranslation('network');
  const navigate = useNavigate();
  const { node, parent, side } = spot;
  if (!node) {
    if (!parent) return <span />;
    const id = `unit-empty-${parent.userid}-${side}`;
    return (
      <div className="unit-node unit-node-empty" data-testid={id}>
        <span>{side === 'L' ? t('tree.emptyLeft') : t('tree.emptyRight')}</span>
        <Link to={registerHere(sponsor, parent.userid, side)} data-testid={`${id}-register`}>
          {t('tree.registerHere')}
        </Link>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={me ? 'unit-node unit-node-me' : 'unit-node'}
      onClick={() => navigate(me ? NETWORK_PATHS.tree : treePathOf(node.userid))}
      data-testid={`unit-node-${node.userid}`}
    >
      <strong>{node.userid}</strong>
      <span>{t(`ranks.${node.rank}`)}</span>
      <span>
        {node.left_count} | {node.right_count}
      </span>
    </button>
  );
}

/** Lines from each spot of one row down to its two children (drawn in percent of the row's width). */
function Connectors({ parents }: { parents: number }) {
  const step = 100 / parents;
  const d = Array.from({ length: parents }, (_, i) => {
    const x = step * i + step / 2;
    const l = x - step / 4;
    const r = x + step / 4;
    return `M${x} 0V9M${l} 18V9H${r}V18`;
  }).join('');
  return (
    <svg className="unit-lines" viewBox="0 0 100 18" preserveAspectRatio="none" aria-hidden>
      <path d={d} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function LegTotals({ node, side }: { node: TreeNode; side: Side }) {
  const { t } = useTranslation('network');
  const leg = side === 'L' ? 'left' : 'right';
  const [count, volume, balance] =
    side === 'L'
      ? [node.left_count, node.left_volume, node.left_balance]
      : [node.right_count, node.right_volume, node.right_balance];
  return (
    <section className="unit-leg" data-testid={`unit-${leg}`}>
      <h3>{side === 'L' ? t('left') : t('right')}</h3>
      <dl>
        <dt>{t('card.count')}</dt>
        <dd data-testid={`unit-${leg}-count`}>{count}</dd>
        <dt>{t('card.volume')}</dt>
        <dd>
          <Money value={volume} asset={VOLUME_ASSET} testId={`unit-${leg}-volume`} />
        </dd>
        <dt>{t('card.balance')}</dt>
        <dd>
          <Money value={balance} asset={VOLUME_ASSET} testId={`unit-${leg}-balance`} />
        </dd>
      </dl>
    </section>
  );
}

/** The member's binary unit: them, their two legs and the four places below, with each leg's totals. */
export default function MyUnitPage() {
  const { t } = useTranslation('network');
  const unit = useQuery(unitQuery);
  const view = unit.data;
  const index = view ? indexTree(view.nodes) : null;
  const root = view && index ? index.byId.get(view.root) : undefined;

  const below = (spot: Spot): Spot[] =>
    (['L', 'R'] as const).map((side) => ({
      side,
      parent: spot.node,
      node: spot.node && index ? index.childOf(spot.node.userid, side) : undefined,
    }));
  const top: Spot = { node: root, side: 'L' };
  const legs = below(top);
  const grand = legs.flatMap(below);

  return (
    <PageLayout title={t('routes:/pages/personal/MyUnit')} testId="unit-page">
      <PullToRefresh
        onRefresh={async () => {
          await unit.refetch();
        }}
        pullingText={t('common:list.pulling')}
        canReleaseText={t('common:list.release')}
        refreshingText={t('common:list.loading')}
        completeText=""
      >
        {unit.isPending ? <LoadingBlock lines={6} testId="unit-loading" /> : null}
        {unit.isError ? <LoadFailed onRetry={() => void unit.refetch()} testId="unit-error" /> : null}
        {view && root ? (
          <>
            <div className="unit" data-testid="unit-diagram">
              <div className="unit-row unit-row-1">
                <UnitNode spot={top} sponsor={view.top} me />
              </div>
              <Connectors parents={1} />
              <div className="unit-row unit-row-2">
                {legs.map((s) => (
                  <UnitNode key={s.side} spot={s} sponsor={view.top} />
                ))}
              </div>
              <Connectors parents={2} />
              <div className="unit-row unit-row-3">
                {grand.map((s, i) => (
                  <UnitNode key={`${s.parent?.userid ?? i}-${s.side}`} spot={s} sponsor={view.top} />
                ))}
              </div>
            </div>
            <div className="unit-totals">
              <LegTotals node={root} side="L" />
              <LegTotals node={root} side="R" />
            </div>
            <p className="field-hint page-section">{t('unit.hint')}</p>
          </>
        ) : null}
      </PullToRefresh>
    </PageLayout>
  );
}
