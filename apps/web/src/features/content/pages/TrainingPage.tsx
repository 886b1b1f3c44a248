import { TrainingPage } from './KindPage.tsx';

export default TrainingPage;
