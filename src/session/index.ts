/**
 * The game in progress (notes/app-design.md): setup and the game catalogue, rounds from the
 * hands laid open or typed, placement scores, the event log with undo and redo, the scoreboard,
 * export and import, and the IndexedDB store. All of it asks src/rules for every decision.
 */
export * from './types';
export { gameCatalogue, catalogueEntry, effectiveTeams, sidesOf, sideOfSeat, questionHeader, rulesetOf, targetOf, presetInfo } from './catalogue';
export type { CatalogueEntry, PresetInfo, ScoreUnit } from './catalogue';
export { validateSetup, checkSetup, type SetupProblem } from './setup';
export { askReferee, legalMoves, checkMove } from './ask';
export { openHandsPosition, type OpenHands } from './open-hands';
export { layoutOf, tablePosition, layoutTileCount, type KnownTiles } from './table-position';
export { roundFromHands, typedRound, type RoundContext, type TypedOptions } from './rounds';
export { moveScoreOf, scoreMove, type MoveScore } from './moves';
export { newSession, addEvent, undo, redo, canUndo, canRedo, addRound, editRound, finishGame, isFinished } from './log';
export { scoreboard, type Scoreboard, type ScoreRow, type MoveRow } from './scoreboard';
export { exportGame, importGame, exportPosition, importPosition, type PositionShare } from './exchange';
export { openPipsStore, StoreError, type PipsStore, type ArchivedGame, type StoreErrorCode } from './store';
