import { create } from 'zustand';

/**
 * Bumped after every workflow action (approve, reject, return, transfer, withdraw, resubmit),
 * whatever its answer (a 409 means the task moved on anyway): the header's 待办 count reads
 * again at once instead of at the next navigation.
 */
export const useTaskRevision = create<{ revision: number; bump: () => void; todo: number; setTodo: (count: number) => void }>((set) => ({
  revision: 0,
  bump: () => set((s) => ({ revision: s.revision + 1 })),
  // The header's 待办 count: read by the badge, and set by the message stream's `todo` event.
  todo: 0,
  setTodo: (todo) => set({ todo }),
}));
