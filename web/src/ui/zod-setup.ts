import '@filialportal/core/zod-locale';
import { z } from 'zod';

// The portal's Content-Security-Policy allows no eval: zod would test for it with `Function('')`
// the first time it parses, and the browser would report a violation. Without its compiled fast
// path, zod reads the schemas as they are, which is plenty for forms.
z.config({ jitless: true });
