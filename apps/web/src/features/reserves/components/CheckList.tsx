import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type Check, passed, type Problem } from '../checks.ts';
import { Hash } from './Hash.tsx';

/** A figure that differed: hashes and addresses short (full on a tap), other text as it is. */
function Figure({ value }: { value: string }) {
  return /^0x[0-9a-fA-F]{16,}$/.test(value) ? (
    <Hash value={value} />
  ) : (
    <span className="reserves-figure">{value}</span>
  );
}

function ProblemLine({ problem }: { problem: Problem }) {
  const { t } = useTranslation('reserves');
  return (
    <li>
      {t(`problem.${problem.key}`)}
      {problem.expected !== undefined && (
        <span className="reserves-differ">
          {t('problem.expected')} <Figure value={problem.expected} />
        </span>
      )}
      {problem.actual !== undefined && (
        <span className="reserves-differ">
          {t('problem.actual')} <Figure value={problem.actual} />
        </span>
      )}
    </li>
  );
}

/** Each check passed (green) or failed (red) with every difference it found; nothing is left out or softened. */
export function CheckList({ checks }: { checks: Check[] }) {
  const { t } = useTranslation('reserves');
  return (
    <ul className="reserves-checks" data-testid="reserves-checks">
      {checks.map((check) => {
        const ok = passed(check);
        return (
          <li
            key={check.key}
            className={ok ? 'reserves-check passed' : 'reserves-check failed'}
            data-testid={`reserves-check-${check.key}`}
            data-state={ok ? 'passed' : 'failed'}
          >
            <div className="top">
              <strong>{t(`check.${check.key}`)}</strong>
              <Tag color={ok ? 'success' : 'danger'}>{t(ok ? 'check.passed' : 'check.failed')}</Tag>
            </div>
            {ok ? (
              <span className="reserves-check-note">{t(`check.${check.key}Passed`)}</span>
            ) : (
              <ul className="reserves-problems">
                {check.problems.map((p) => (
                  <ProblemLine key={`${p.key}:${p.expected ?? ''}`} problem={p} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
