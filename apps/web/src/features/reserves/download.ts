import type { ReserveProof } from '@mp/contract/web';

/** The file a member keeps and can check later with `npm run verify-proof` (or any verifier of the format). */
export const proofFileName = (proof: ReserveProof) => `proof-${proof.snapshot.id}.json`;

/** Saves the proof exactly as the server sent it (pretty-printed), through a Blob and a temporary link. */
export function saveProof(proof: ReserveProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = proofFileName(proof);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the browser keeps its own copy of the data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
