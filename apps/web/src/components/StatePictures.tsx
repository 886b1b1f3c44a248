import {
  busyImage,
  defaultImage,
  disconnectedImage,
  emptyImage,
} from 'antd-mobile/es/components/error-block/images';

const PICTURES = {
  default: defaultImage,
  disconnected: disconnectedImage,
  empty: emptyImage,
  busy: busyImage,
};

/** antd-mobile's own ErrorBlock pictures, in a chunk of their own (see StateBlock). */
export default function StatePicture({ status }: { status: keyof typeof PICTURES }) {
  return PICTURES[status];
}
