import type { Texts } from '../messages.ts';

/** Messages of proof of reserves (issue 31), in the three languages; merged into MESSAGES. */
export const RESERVES_MESSAGES = {
  reserves_snapshot_not_found: {
    'en-US': 'This snapshot is not published',
    'zh-CN': '该快照未发布',
    'bm-MY': 'Petikan ini tidak diterbitkan',
  },
  reserves_proof_pruned: {
    'en-US': "This snapshot's proofs are no longer kept: choose a newer snapshot",
    'zh-CN': '该快照的证明已不再保留，请选择较新的快照',
    'bm-MY': 'Bukti petikan ini tidak lagi disimpan: pilih petikan yang lebih baharu',
  },
  reserves_snapshot_started: {
    'en-US': 'Snapshot started: it is published once its tree is built',
    'zh-CN': '快照已开始：树构建完成后即发布',
    'bm-MY': 'Petikan dimulakan: ia diterbitkan sebaik pokoknya siap dibina',
  },
} satisfies Record<string, Texts>;
