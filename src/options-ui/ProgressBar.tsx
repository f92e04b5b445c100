/** A labelled progress bar with an optional rate (items per second). */
export interface ProgressBarProps {
  label: string;
  done: number;
  total: number;
  rate?: number | null;
}

export function ProgressBar({ label, done, total, rate }: ProgressBarProps) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div class="progress" data-testid="progress">
      <label>
        <span>
          {label}: {done.toLocaleString('en')} of {total.toLocaleString('en')} ({percent}%)
          {rate ? ` · ${Math.round(rate).toLocaleString('en')}/s` : ''}
        </span>
        <progress max={total || 1} value={done} aria-valuetext={`${percent}%`} />
      </label>
    </div>
  );
}
