// @tieline/sigma-engine: the network drawing behind SigmaView's methods (README.md).
/// <reference path="./fa2-modules.d.ts" />

export { DISSOLVED_COLOR } from './changes-overlay';
export { BORN_COLOR, type TDrawStyle } from './draw-style';
export { freeArea, insidePolygon, type TCamera, type TPositions, type TRect } from './geometry';
export type { TDrawing } from './renderer-kind';
export type { TScene, TSceneItem } from './sigma-scene';
export { SigmaView, type TViewEvents, type TViewOptions } from './sigma-view';
