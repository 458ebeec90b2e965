import 'styled-components';
import type { Theme } from '../ui/theme';

declare module 'styled-components' {
  // styled-components types its theme through interface merging; a type alias cannot merge.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
