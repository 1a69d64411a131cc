import { Tag, Tooltip } from 'antd';
import type { JobRun } from './api';
import { useT } from './messages';

const COLORS: Record<JobRun['result'], string> = { ok: 'green', failed: 'red', abandoned: 'orange', running: 'blue' };

/** A run's result as a tag; a failed or abandoned run's error shows in its tooltip. */
export function ResultTag({ result, error }: { result: JobRun['result']; error: string }) {
  const t = useT();
  const tag = <Tag color={COLORS[result]}>{t(`job.result.${result}`)}</Tag>;
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
