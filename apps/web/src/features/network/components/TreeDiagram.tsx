import type { TreeNode } from '@mp/contract';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TreeView } from '../api.ts';
import { registerHere } from '../paths.ts';
import { canExpand, hasChild, indexTree, SIDES, type Side, type TreeIndex } from '../tree.ts';
import { TreeNodeCard } from './TreeNodeCard.tsx';

type Actions = {
  onOpen: (userid: string) => void;
  onExpand: (userid: string) => void;
  /** The node whose levels are loading. */
  expanding: string | null;
  onToggleFavorite: () => void;
  favoriteBusy: boolean;
};

type Ctx = Actions & { index: TreeIndex; view: TreeView };

function EmptySpot({ parent, side, ctx }: { parent: string; side: Side; ctx: Ctx }) {
  const { t } = useTranslation('network');
  const id = `tree-empty-${parent}-${side}`;
  return (
    <div className="tree-empty" data-testid={id}>
      <span>{side === 'L' ? t('tree.emptyLeft') : t('tree.emptyRight')}</span>
      <Link to={registerHere(ctx.view.top, parent, side)} data-testid={`${id}-register`}>
        {t('tree.registerHere')}
      </Link>
    </div>
  );
}

function ExpandButton({ node, ctx }: { node: TreeNode; ctx: Ctx }) {
  const { t } = useTranslation('network');
  const busy = ctx.expanding === node.userid;
  return (
    <button
      type="button"
      className="tree-expand"
      onClick={() => ctx.onExpand(node.userid)}
      disabled={ctx.expanding !== null}
      aria-busy={busy}
      data-testid={`tree-expand-${node.userid}`}
    >
      <DownOutline /> {busy ? t('tree.expanding') : t('tree.expand')}
    </button>
  );
}

/** A node and, below it, whatever of its legs is on screen, joined by connector lines. */
function Branch({ node, ctx }: { node: TreeNode; ctx: Ctx }) {
  const focused = node.userid === ctx.view.root;
  const children = SIDES.map((side) => ({ side, child: ctx.index.childOf(node.userid, side) }));
  const anyLoaded = children.some((c) => c.child);
  const expandable = canExpand(node, ctx.index);
  return (
    <div className="tree-branch">
      <TreeNodeCard
        node={node}
        focused={focused}
        onOpen={ctx.onOpen}
        onToggleFavorite={focused ? ctx.onToggleFavorite : undefined}
        favoriteBusy={ctx.favoriteBusy}
      />
      {expandable ? <ExpandButton node={node} ctx={ctx} /> : null}
      {anyLoaded || !expandable ? (
        <ul className="tree-children">
          {children.map(({ side, child }) => (
            <li key={side} className="tree-child">
              {child ? (
                <Branch node={child} ctx={ctx} />
              ) : hasChild(node, side) ? (
                <span className="tree-unloaded" />
              ) : (
                <EmptySpot parent={node.userid} side={side} ctx={ctx} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The binary placement tree from the view's root down, as far as it is loaded. */
export function TreeDiagram({ view, ...actions }: Actions & { view: TreeView }) {
  const index = indexTree(view.nodes);
  const root = index.byId.get(view.root);
  if (!root) return null;
  return (
    <div className="tree-root" data-testid="tree-diagram" data-root={view.root}>
      <Branch node={root} ctx={{ ...actions, index, view }} />
    </div>
  );
}
