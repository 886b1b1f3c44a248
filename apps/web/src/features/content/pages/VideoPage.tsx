import { VideoPage } from './KindPage.tsx';

export default VideoPage;
