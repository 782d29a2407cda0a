// C, because only a C target can take a string from the build (a -D define): Swift's defines are
// flags without values.
#define _GNU_SOURCE
#include "build_info.h"

#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

const char *build_info_version(void) { return TRANSITION_SIM_VERSION; }
const char *build_info_commit(void) { return TRANSITION_SIM_COMMIT; }

/* Hex of a build id is at most this long (ids are 20 bytes from gold and ld's sha1, 16 from md5). */
static char binary_id[129];
static pthread_once_t binary_id_once = PTHREAD_ONCE_INIT;

/// dl_iterate_phdr's callback: reads the NT_GNU_BUILD_ID note of the first object, the executable.
static int read_build_id(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_NOTE) continue;
        const char *p = (const char *)(info->dlpi_addr + segment->p_vaddr);
        const char *end = p + segment->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)p;
            const char *name = p + sizeof *note;
            const unsigned char *desc = (const unsigned char *)name + ((note->n_namesz + 3) & ~3u);
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && memcmp(name, "GNU", 4) == 0
                && (const char *)desc + note->n_descsz <= end && note->n_descsz * 2 < sizeof binary_id) {
                static const char digits[] = "0123456789abcdef";
                for (ElfW(Word) k = 0; k < note->n_descsz; k++) {
                    binary_id[2 * k] = digits[desc[k] >> 4];
                    binary_id[2 * k + 1] = digits[desc[k] & 15];
                }
                binary_id[2 * note->n_descsz] = '\0';
                return 1;
            }
            p = (const char *)desc + ((note->n_descsz + 3) & ~3u);
        }
    }
    return 1;  /* only the executable, the first object listed */
}

static void find_binary_id(void) { dl_iterate_phdr(read_build_id, NULL); }

const char *build_info_binary_id(void) {
    pthread_once(&binary_id_once, find_binary_id);
    return binary_id;
}
