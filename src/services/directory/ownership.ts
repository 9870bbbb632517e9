import type { ProfileRow } from '../../repositories/profiles.js';

/** Whether the profile's recorded owner is this user (drafts and opted-out profiles included). */
export const ownedBy = (p: Pick<ProfileRow, 'ownerUserId'>, userId: string): boolean => p.ownerUserId !== null && p.ownerUserId === userId;

/**
 * Active ownership (contract 2.12, 4.7, 4.8): the profile is claimed (verified or not) and this
 * user holds it. An unclaimed profile has no active owner.
 */
export const activelyOwnedBy = (p: Pick<ProfileRow, 'ownerUserId' | 'claimState'>, userId: string): boolean =>
  ownedBy(p, userId) && (p.claimState === 'claimed_verified' || p.claimState === 'claimed_unverified');
