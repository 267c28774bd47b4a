/**
 * Whether the halves of two dominoes that meet in a layout carry one number: in eight of the nine
 * games they do (rules.md §1, §2, §4-§8); in Matador they sum to 7 and a matador joins any end (§3).
 * The reading weighs a doubtful half by the half it meets where they do (domino-ends.ts). Kept apart
 * from that stage so the app can name its game's rule without loading the camera path.
 */
export type JointRule = 'equal' | 'none';

/** The joint rule of a game (rules.md game ids); a reading for no game in particular takes 'equal', the rule of eight of the nine. */
export const jointsFor = (game?: string): JointRule => (game === 'matador' ? 'none' : 'equal');
