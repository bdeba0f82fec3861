/** The meeting page; its tab's number is the bell's, as on every page (lib/document-title). */
export { VideoLivePage } from '../../features/video/pages/video-live-page';
