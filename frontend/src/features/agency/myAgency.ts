import { create } from 'zustand';
import type { AgencyRow } from './api';
import { getMine } from './api';

interface MyAgency {
  /** The signed-in operator's agency, null until loaded or for staff. */
  agency: AgencyRow | null;
  /** Reads it again (after sign-in, or after the 我的渠道 page changed it). */
  load: () => Promise<void>;
  set: (a: AgencyRow) => void;
  clear: () => void;
}

/** The operator's own agency, shared by the header badge and 我的渠道 so that a new logo shows in both at once. */
export const useMyAgency = create<MyAgency>((set) => ({
  agency: null,
  load: async () => {
    try {
      set({ agency: await getMine() });
    } catch {
      set({ agency: null }); // no agency (staff) or no access: the header shows none
    }
  },
  set: (agency) => set({ agency }),
  clear: () => set({ agency: null }),
}));
