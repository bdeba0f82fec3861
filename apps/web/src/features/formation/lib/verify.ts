import type { Formation } from '@teamup/contracts/formation';
import { balancedDraw, diceDraw, ladderDraw } from '@teamup/contracts/formation-draw';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes a revealed draw here, in the browser: the seed must hash to the hash shown before
 * the draw, and the result must be what the seed gives (dice and ladder).
 */
export async function verifyFormation(formation: Formation): Promise<boolean> {
  if (!formation.seed || !formation.result) return false;
  if ((await sha256Hex(formation.seed)) !== formation.seedHash) return false;
  const people = formation.participants.length;
  const teams = formation.teamNames.length;
  if (formation.method === 'DICE' && formation.balanced) {
    return (
      JSON.stringify(balancedDraw(formation.seed, formation.participants, teams)) ===
      JSON.stringify(formation.result)
    );
  }
  if (formation.method === 'DICE') {
    return (
      JSON.stringify(diceDraw(formation.seed, people, teams).teams) ===
      JSON.stringify(formation.result)
    );
  }
  if (formation.method === 'LADDER') {
    return (
      JSON.stringify(ladderDraw(formation.seed, people, teams).teams) ===
      JSON.stringify(formation.result)
    );
  }
  return true;
}
