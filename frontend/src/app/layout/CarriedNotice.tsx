import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import type { NoticeState } from '@/shared/lib/notice';


/**
 * Tells the success a page outside the frame carried into it (/init's 初始化完成，已为您登录):
 * that page's own message holder goes away with it, so the frame's shows the words. The state is
 * dropped once told, so a reload or going back does not tell it again.
 */
export function CarriedNotice() {
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as NoticeState | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    void message.success(notice);
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [notice, message, navigate, location.pathname, location.search]);
  return null;
}
