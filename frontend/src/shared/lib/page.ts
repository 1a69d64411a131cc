/** One page of a list as the BFF returns it (eladmin style): the rows and how many match in all. */
export type { Page } from '@/shared/api/contract';
