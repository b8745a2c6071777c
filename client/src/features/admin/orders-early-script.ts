// The classic script itself (client/build/classic-script.ts builds it into one file without imports).
import { askForOrdersEarly } from './orders-early';

askForOrdersEarly();
