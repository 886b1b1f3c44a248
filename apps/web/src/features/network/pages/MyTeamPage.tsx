import { SPONSOR_LEVELS } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { type DownlineMember, fetchLevel, fiveLevelQuery, groupInfoQuery, networkKeys } from '../api.ts';
import { DownlineRow } from '../components/DownlineRow.tsx';
import { FiveLevels } from '../components/FiveLevels.tsx';
import { MemberPopup } from '../components/MemberPopup.tsx';
import { TeamSummary } from '../components/TeamSummary.tsx';
import '../network.css';

/** `?level=` as a sponsor level (1-5), or null for the summary. */
function levelParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= SPONSOR_LEVELS ? n : null;
}

/** The members on one sponsor level, newest first. */
function LevelMembers({ level }: { level: number }) {
  const { t } = useTranslation('network');
  const [picked, setPicked] = useState('');
  return (
    <PageLayout title={t('team.levelTitle', { level })} testId="team-level-page">
      <PagedList<DownlineMember>
        queryKey={networkKeys.level(level)}
        fetchPage={fetchLevel(level)}
        itemKey={(m) => m.userid}
        renderItem={(m) => <DownlineRow m={m} onPick={setPicked} />}
        empty={<EmptyBlock text={t('team.levelEmpty')} testId="team-level-empty" />}
        testId="team-level-list"
      />
      <MemberPopup userid={picked} onClose={() => setPicked('')} />
    </PageLayout>
  );
}

/** The team screen: group figures (Tree/getgroupinfo2) and the five sponsor levels; `?level=N` lists one level. */
export default function MyTeamPage() {
  const { t } = useTranslation('network');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const level = levelParam(params.get('level'));
  const group = useQuery({ ...groupInfoQuery, enabled: level === null });
  const levels = useQuery({ ...fiveLevelQuery, enabled: level === null });

  if (level !== null) return <LevelMembers level={level} />;

  const refresh = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: networkKeys.group }),
      queryClient.refetchQueries({ queryKey: networkKeys.fiveLevel }),
    ]);
  };

  return (
    <PageLayout title={t('routes:/pages/personal/MyTeam2')} testId="team-page">
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common:list.pulling')}
        canReleaseText={t('common:list.release')}
        refreshingText={t('common:list.loading')}
        completeText=""
      >
        {group.isPending ? <LoadingBlock lines={8} testId="team-loading" /> : null}
        {group.isError ? <LoadFailed onRetry={() => void group.refetch()} testId="team-error" /> : null}
        {group.data ? <TeamSummary g={group.data} /> : null}
        {levels.isPending ? <LoadingBlock testId="team-levels-loading" /> : null}
        {levels.isError ? (
          <LoadFailed onRetry={() => void levels.refetch()} testId="team-levels-error" />
        ) : null}
        {levels.data ? (
          <FiveLevels data={levels.data} onOpen={(l) => setParams({ level: String(l) })} />
        ) : null}
      </PullToRefresh>
    </PageLayout>
  );
}
