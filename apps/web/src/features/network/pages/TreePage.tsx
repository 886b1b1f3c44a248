import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { StarOutline, UpOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { fetchSubtree, networkKeys, setFavorite, type TreeView, treeQuery } from '../api.ts';
import { FavoritesPopup } from '../components/FavoritesPopup.tsx';
import { PanArea } from '../components/PanArea.tsx';
import { TreeDiagram } from '../components/TreeDiagram.tsx';
import { TreeSearch } from '../components/TreeSearch.tsx';
import { mergeSubtree, withFavorite } from '../tree.ts';
import '../network.css';
import { StateBlock } from '../../../components/StateBlock.tsx';

/** The tree could not be shown (a member outside the downline): the server's reason and a way home. */
function TreeRefused({ error, onTop, onRetry }: { error: Error; onTop: () => void; onRetry: () => void }) {
  const { t } = useTranslation('network');
  const refused = error instanceof ApiError && error.code >= 400 && error.code < 500;
  return (
    <div className="page-state" data-testid="tree-error">
      <StateBlock
        status="default"
        title={refused ? error.message : t('common:state.loadFailed')}
        description={refused ? '' : t('common:state.loadFailedText')}
      />
      <Button
        color="primary"
        fill="outline"
        onClick={refused ? onTop : onRetry}
        data-testid="tree-error-action"
      >
        {refused ? t('tree.backToTop') : t('common:state.retry')}
      </Button>
    </div>
  );
}

/**
 * The binary placement tree: a few levels from a node of the member's downline (`?userid=`, own top by default).
 * Tapping a card shows the tree from that member; "show more" loads the levels below a node into the view.
 */
export default function TreePage() {
  const { t } = useTranslation('network');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const rootId = params.get('userid')?.trim() ?? '';
  const tree = useQuery(treeQuery(rootId));
  const [favoritesOpen, setFavoritesOpen] = useState(false);

  const open = (userid: string) => {
    setParams(userid ? { userid } : {}, { replace: true });
  };
  const updateTrees = (change: (view: TreeView) => TreeView) =>
    queryClient.setQueriesData<TreeView>({ queryKey: ['network', 'tree'] }, (old) => old && change(old));

  const expand = useMutation({
    mutationFn: fetchSubtree,
    onSuccess: (sub) =>
      queryClient.setQueryData<TreeView>(networkKeys.tree(rootId), (old) => old && mergeSubtree(old, sub)),
  });
  const favorite = useMutation({
    mutationFn: (v: { userid: string; favorite: boolean }) => setFavorite(v.userid, v.favorite),
    onSuccess: (res) => {
      updateTrees((view) => withFavorite(view, res.userid, res.favorite));
      void queryClient.invalidateQueries({ queryKey: networkKeys.favorites });
    },
  });

  const view = tree.data;
  const focused = view?.nodes.find((n) => n.userid === view.root);

  return (
    <PageLayout
      title={t('routes:/pages/personal/tree')}
      testId="tree-page"
      right={
        <button
          type="button"
          className="nav-icon-button"
          onClick={() => setFavoritesOpen(true)}
          aria-label={t('favorites.title')}
          data-testid="tree-favorites-open"
        >
          <StarOutline />
        </button>
      }
    >
      <TreeSearch onPick={open} />
      <div className="tree-toolbar">
        <Button size="small" onClick={() => view && open(view.up)} disabled={!view?.up} data-testid="tree-up">
          <UpOutline /> {t('tree.up')}
        </Button>
        <Button
          size="small"
          onClick={() => open('')}
          disabled={!view || view.root === view.top}
          data-testid="tree-top"
        >
          {t('tree.backToTop')}
        </Button>
        {view ? (
          <span className="tree-where" data-testid="tree-where">
            {view.depth === 0
              ? t('tree.viewingTop')
              : t('tree.viewing', { userid: view.root, count: view.depth })}
          </span>
        ) : null}
      </div>
      {tree.isPending ? <LoadingBlock lines={6} testId="tree-loading" /> : null}
      {tree.isError ? (
        <TreeRefused error={tree.error} onTop={() => open('')} onRetry={() => void tree.refetch()} />
      ) : null}
      {view ? (
        <PanArea centerKey={view.root} label={t('routes:/pages/personal/tree')} testId="tree-pan">
          <TreeDiagram
            view={view}
            onOpen={open}
            onExpand={(userid) => expand.mutate(userid)}
            expanding={expand.isPending ? (expand.variables ?? null) : null}
            onToggleFavorite={() =>
              focused && favorite.mutate({ userid: focused.userid, favorite: !focused.favorite })
            }
            favoriteBusy={favorite.isPending}
          />
        </PanArea>
      ) : null}
      <p className="field-hint tree-hint">{t('tree.hint')}</p>
      <FavoritesPopup visible={favoritesOpen} onClose={() => setFavoritesOpen(false)} onPick={open} />
    </PageLayout>
  );
}
