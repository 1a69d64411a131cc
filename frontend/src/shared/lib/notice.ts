/**
 * Navigation state asking the frame to tell a success on arrival (app/layout/CarriedNotice.tsx):
 * a page outside the frame (/init) loses its own message holder when it navigates in.
 */
export interface NoticeState {
  notice?: string;
}
