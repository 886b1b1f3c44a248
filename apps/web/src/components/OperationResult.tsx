import { List, Result } from 'antd-mobile';
import type { ReactNode } from 'react';

export type ResultDetail = { label: string; value: ReactNode; testId: string };

type Props = {
  status: 'success' | 'error';
  title: string;
  description?: string;
  details?: ResultDetail[];
  actions: ReactNode;
  testId?: string;
};

/** The outcome of a money operation: success with its details, or the refusal's message. */
export function OperationResult({
  status,
  title,
  description,
  details = [],
  actions,
  testId = 'op-result',
}: Props) {
  return (
    <section className="op-result" data-testid={testId} data-state={status}>
      <Result
        status={status}
        title={<span data-testid={`${testId}-title`}>{title}</span>}
        description={description ? <span data-testid={`${testId}-message`}>{description}</span> : undefined}
      />
      {details.length > 0 ? (
        <List>
          {details.map((d) => (
            <List.Item key={d.testId} extra={<span data-testid={d.testId}>{d.value}</span>}>
              {d.label}
            </List.Item>
          ))}
        </List>
      ) : null}
      <div className="form-actions op-result-actions">{actions}</div>
    </section>
  );
}
