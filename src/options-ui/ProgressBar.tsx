/** A labelled progress bar: done of total with its percentage, and an optional line of detail (rate, time left). */
import { formatNumber, t } from '../i18n';

export interface ProgressBarProps {
  label: string;
  done: number;
  /** 0 while the total is not known yet: the bar then shows activity without a value. */
  total: number;
  /** Items per second. */
  rate?: number | null;
  /** What the units are, after the total ("items"). */
  unit?: string;
  /** Shown after the rate, e.g. "about 12 seconds left". */
  detail?: string | null;
}

export function ProgressBar({ label, done, total, rate, unit, detail }: ProgressBarProps) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const percentText = formatNumber(percent / 100, { style: 'percent' });
  const extra = [rate ? t('optionsPerSecond', Math.round(rate)) : '', detail ?? ''].filter(Boolean).join(' · ');
  return (
    <div class="progress" data-testid="progress">
      <label>
        <span>
          {label}
          {total > 0 ? (unit ? t('optionsProgressCountsUnit', done, total, unit, percentText) : t('optionsProgressCounts', done, total, percentText)) : ''}
          {extra ? ` · ${extra}` : ''}
        </span>
        {total > 0 ? <progress max={total} value={done} aria-valuetext={percentText} /> : <progress aria-valuetext={t('optionsProgressStarting')} />}
      </label>
    </div>
  );
}
