import { Button } from 'antd-mobile';

type Props = {
  busy: boolean;
  /** The positive action (approve, retry): its label, colour and test id. */
  yes: { label: string; onClick: () => void; testId: string; color?: 'success' | 'primary' };
  /** The refusal (reject): its label and test id. */
  no: { label: string; onClick: () => void; testId: string };
};

/** An admin's two buttons on a record under review: approve (or retry) and reject. */
export function DecisionButtons({ busy, yes, no }: Props) {
  return (
    <div className="wd-actions">
      <Button
        size="small"
        color={yes.color ?? 'success'}
        disabled={busy}
        onClick={yes.onClick}
        data-testid={yes.testId}
      >
        {yes.label}
      </Button>
      <Button
        size="small"
        color="danger"
        fill="outline"
        disabled={busy}
        onClick={no.onClick}
        data-testid={no.testId}
      >
        {no.label}
      </Button>
    </div>
  );
}
