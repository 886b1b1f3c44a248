// antd-mobile's navigation bar styles; the bar's markup is ours (see PageLayout).
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';
import { Icon } from './Icon.tsx';

type Props = {
  title: ReactNode;
  /** Tab pages have no back button. */
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** Whether the router has an earlier entry of ours to go back to (react-router keeps an index in history.state). */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

export function useBack(): () => void {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(HOME_PATH, { replace: true }));
}

/** The standard page: amber navigation bar with white title and a back button, then the content. */
export function PageLayout({ title, back = true, right, children, testId }: Props) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <div className="page" data-testid={testId}>
      {/* antd-mobile's NavBar markup and classes, without its left area's role="button": on a tab page that area is
          empty, and a nameless button fails screen readers (and Lighthouse's aria-command-name). */}
      <div className="adm-nav-bar app-nav" data-testid="nav-bar">
        <div className="adm-nav-bar-left">
          {back ? (
            <button
              type="button"
              className="nav-back"
              aria-label={t('nav.back')}
              data-testid="nav-back"
              onClick={goBack}
            >
              <Icon name="LeftOutline" />
            </button>
          ) : null}
        </div>
        <div className="adm-nav-bar-title">
          <h1 className="app-nav-title" data-testid="nav-title">
            {title}
          </h1>
        </div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
      <main className="page-body">{children}</main>
    </div>
  );
}
