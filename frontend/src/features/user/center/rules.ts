import type { Rule } from 'antd/es/form';
import { t } from '../messages';
import { mobileRules } from '@/shared/lib/rules';
import { checkFile } from '@/shared/ui/upload';

/** The server's limits (bff/internal/user/center.go): nick name 1–64, password 6–72, avatar 2 MB. */
export const NICKNAME_MAX = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const AVATAR_MAX_MB = 2;
/** Raster pictures only: the server refuses SVG as an avatar. */
export const AVATAR_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];

const required = (): Rule => ({ required: true, whitespace: true, message: t('v.required') });

export const nickNameRules = (): Rule[] => [
  required(),
  { max: NICKNAME_MAX, message: t('v.length', { min: 1, max: NICKNAME_MAX }) },
];

export const genderRules = (): Rule[] => [{ required: true, message: t('v.required') }];

/** The center's phone is required (the shared mobile rules: 11 digits, 1 then 3-9). */
export const phoneRules = (): Rule[] => mobileRules();

export const oldPassRules = (): Rule[] => [{ required: true, message: t('v.required') }];

/** New password: the length rule, and not the old one again. */
export const newPassRules = (): Rule[] => [
  { required: true, message: t('v.required') },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('v.length', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
  ({ getFieldValue }) => ({
    validator: (_: unknown, v: unknown) =>
      v && v === getFieldValue('oldPass') ? Promise.reject(new Error(t('center.passSame'))) : Promise.resolve(),
  }),
];

/** Confirmation: the same as the new password. */
export const confirmRules = (): Rule[] => [
  { required: true, message: t('v.required') },
  ({ getFieldValue }) => ({
    validator: (_: unknown, v: unknown) =>
      !v || v === getFieldValue('newPass') ? Promise.resolve() : Promise.reject(new Error(t('center.passMismatch'))),
  }),
];

/** Why a chosen avatar is refused before sending ('' when fine): the shared size and type checks. */
export function checkAvatar(file: { name: string; size: number }): string {
  return checkFile(file, AVATAR_MAX_MB, AVATAR_TYPES);
}
