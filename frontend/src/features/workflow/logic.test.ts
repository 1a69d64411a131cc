import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { personText, toBody } from './logic';

describe('leave form body', () => {
  const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-12-01T09:00:42'), dayjs('2026-12-03T21:00:00')];

  it('sends times as yyyy-MM-dd HH:mm:ss to the minute, people by user name, uploads by id', () => {
    const body = toBody(
      {
        type: 'annual',
        range,
        reason: ' 探亲 ',
        approver: 'lisi',
        cc: ['zhaoliu'],
        attachments: [
          { id: 7, originalName: 'a.png', name: 'a.png', fileUrl: 'u', path: 'p', readUrl: 'r', downloadUrl: 'd', fileType: 'png' },
        ],
        applicants: ['x'],
      },
      false,
    );
    expect(body).toEqual({
      type: 'annual',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 21:00:00',
      reason: '探亲',
      approver: 'lisi',
      cc: ['zhaoliu'],
      attachments: [7],
    });
  });

  it('names the applicants only when starting for several people', () => {
    expect(toBody({ range, applicants: ['lisi', 'staff'] }, true).applicants).toEqual(['lisi', 'staff']);
    expect(toBody({}, true)).toMatchObject({ applicants: [], cc: [], attachments: [], startTime: '' });
  });

  it('shows a person as nickname and user name', () => {
    expect(personText({ username: 'staff', nickName: '张三' })).toBe('张三（staff）');
    expect(personText({ username: 'x', nickName: '' })).toBe('x');
  });
});
