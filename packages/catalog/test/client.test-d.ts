import { describe, expectTypeOf, it } from 'vitest';
import { createToolClient, validators } from '../src/index.js';
import type {
  CallResult,
  EdeHostProviders,
  HostProviders,
  NativeResult,
  PhotosPickNativeInput,
  PhotosPickNativeOutput,
  PhotosPickOutput,
  PrintPdfOutput,
  QualifiedToolName,
  ToolInputs,
  ToolName,
  ValidationResult,
} from '../src/index.js';

declare const invoke: () => Promise<CallResult<unknown>>;
const client = createToolClient(invoke);

describe('the generated tool client', () => {
  it('types results per tool', () => {
    expectTypeOf(client.photos.pick({ limit: 2 })).resolves.toEqualTypeOf<PhotosPickOutput>();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only its type is read, it is never called
    expectTypeOf(client.print.pdf).returns.resolves.toEqualTypeOf<PrintPdfOutput>();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only its type is read, it is never called
    expectTypeOf(client.photos.pick).parameter(0).toEqualTypeOf<ToolInputs['photos_pick'] | undefined>();
  });

  // A type test: these calls are only type-checked, never run, so nothing awaits them (`void`).
  it('refuses wrong argument types, missing required fields and unknown tools', () => {
    // @ts-expect-error limit is a number
    void client.photos.pick({ limit: '2' });
    // @ts-expect-error unknown key
    void client.photos.pick({ max: 3 });
    // @ts-expect-error photos_get needs an id
    void client.photos.get({});
    // @ts-expect-error no such tool
    void client.photos.delete({});
    // @ts-expect-error no such capability
    void client.bluetooth.scan();
    // @ts-expect-error files_save needs a fileId or a text (oneOf)
    void client.files.save({ name: 'a.txt' });
    // @ts-expect-error a print_pdf block is exactly one kind
    void client.print.pdf({ title: 'A', blocks: [{ heading: 'x', text: 'y' }] });
    void client.files.save({ name: 'a.txt', text: 'x' });
    void client.print.pdf({ title: 'A', blocks: [{ image: 'f1', caption: 'c' }, { pageBreak: true }] });
  });
});

describe('generated names, maps and providers', () => {
  it('spells tool names as literal unions', () => {
    expectTypeOf<'photos_pick'>().toMatchTypeOf<ToolName>();
    expectTypeOf<'photos__pick'>().toMatchTypeOf<QualifiedToolName>();
    // @ts-expect-error camera_capture has no v1 contract
    expectTypeOf<'camera_capture'>().toMatchTypeOf<ToolName>();
  });

  it('types providers from native inputs to native results', () => {
    type Pick = NonNullable<HostProviders['photos']>['pick'];
    expectTypeOf<Pick>().parameter(0).toEqualTypeOf<PhotosPickNativeInput>();
    expectTypeOf<Pick>().returns.toEqualTypeOf<Promise<NativeResult<PhotosPickNativeOutput>>>();
    expectTypeOf<PhotosPickNativeInput>().toEqualTypeOf<{ limit: number }>();
    // ede capabilities are only in the ede host's providers
    expectTypeOf<HostProviders>().not.toHaveProperty('windows');
    expectTypeOf<EdeHostProviders>().toHaveProperty('windows');
    // print_pdf runs in the engine: no provider method
    expectTypeOf<NonNullable<HostProviders['print']>>().not.toHaveProperty('pdf');
  });

  it('types validators by tool', () => {
    expectTypeOf(validators.photos_pick).returns.toEqualTypeOf<ValidationResult<ToolInputs['photos_pick']>>();
  });
});
